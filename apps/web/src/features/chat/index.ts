/** Public pieces of the chat feature, for the router, collections and the source preview. */
export { ChatPanel } from "./components/chat-panel";
export { ChatView } from "./components/chat-view";
export { SourceChat, clearSourceChat } from "./components/source-chat";
export { ChatHistoryPage } from "./components/chat-history-page";
export { ChatPage } from "./components/chat-page";
export { PublicChatPage } from "./components/public-chat-page";
export { track, onTrack } from "./logic/track";
