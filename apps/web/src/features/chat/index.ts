/** Public pieces of the chat feature, for the router, collections and the source preview. */
export { ChatPanel } from "./components/chat-panel";
export { ChatView } from "./components/chat-view";
export { MemoryPreview } from "./components/memory-preview";
export { ChatHistoryPage } from "./components/chat-history-page";
export { ChatPage } from "./components/chat-page";
export { PublicChatPage } from "./components/public-chat-page";
export { track, trackEventType, type TrackEvent } from "./logic/track";
export { chatPrefs } from "./logic/prefs";
