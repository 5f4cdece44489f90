/**
 * TEST ONLY: the scripted model of the agents e2e (a local server speaking OpenAI's streaming
 * chat-completions protocol) and the SMTP peer whose inbox the spec reads over HTTP.
 */
import http from "node:http";
import {
  lastUserText,
  startOpenAiPeer,
  toolResultsSinceUser,
  contentText,
  type PeerRequest,
  type PeerTurn,
} from "../apps/server/src/test/openai-peer.ts";
import { startSmtpPeer } from "../apps/server/src/test/smtp-peer.ts";
import { startMcpPeer } from "../apps/server/src/test/mcp-peer.ts";
import { inboxOrigin, mcpPeerPort, scriptedModelOrigin, smtpPeerPort } from "./fixture-site-config.ts";

/** The token the MCP peer demands (the Account page test enters it). */
export const mcpPeerToken = "e2e-mcp-token";

/** The model's turns: research searches twice then cites; the search agent drafts and re-drafts e-mails. */
function script(req: PeerRequest): PeerTurn {
  const system = contentText(req.messages[0]);
  const user = lastUserText(req);
  const tools = (req.tools ?? []).map((t) => t.function.name);
  const done = toolResultsSinceUser(req).length;
  const proposed = user.match(/Proposed e-mail \(JSON\): (\{.*\})/);
  if (proposed && tools.includes("send_email")) {
    const subject = user.match(/subject to "?([^"\n]+?)"?\s*$/im)?.[1] ?? "Updated";
    return { toolCalls: [{ name: "send_email", args: { ...JSON.parse(proposed[1]), subject } }] };
  }
  const to = user.match(/[\w.+-]+@[\w-]+\.[\w.]+/)?.[0];
  if (to && tools.includes("send_email"))
    return {
      toolCalls: [
        {
          name: "send_email",
          args: { to, subject: "Telescope summary", body: "The telescope mirror is 200 millimetres wide." },
        },
      ],
    };
  const remember = user.match(/^Remember that (.+)$/i)?.[1];
  if (remember && tools.includes("save_memory"))
    return done === 0
      ? { toolCalls: [{ name: "save_memory", args: { title: "Parking spot", text: remember } }] }
      : { text: "Saved: I will remember where the car is." };
  if (system.includes("research agent")) {
    if (done === 0) return { toolCalls: [{ name: "search_memories", args: { query: "telescope mirror" } }] };
    if (done === 1) return { toolCalls: [{ name: "search_memories", args: { query: "mirror size" } }] };
    return { text: "The telescope mirror is 200 millimetres wide [1]." };
  }
  return { text: "I am the scripted test model." };
}

const model = await startOpenAiPeer(script, Number(new URL(scriptedModelOrigin).port));
// Agent routing asks the model which agent suits the question: it keeps the one the user picked.
model.forced = (req) => ({ agent: lastUserText(req).match(/The user picked (\w+)\./)?.[1] ?? "findr_agent" });
const smtp = await startSmtpPeer(smtpPeerPort);
await startMcpPeer(mcpPeerToken, mcpPeerPort);
http
  .createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(smtp.mails.map(({ to, subject, text }) => ({ to, subject, text }))));
  })
  .listen(Number(new URL(inboxOrigin).port), "127.0.0.1");
console.log(`agents fixture: model ${scriptedModelOrigin}, smtp ${smtpPeerPort}, inbox ${inboxOrigin}`);
