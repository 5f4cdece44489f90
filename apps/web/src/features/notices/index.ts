/** Public pieces of the notices feature: the update and announcement banners and their refresh. */
export { NoticeBanners } from "./components/notice-banners";
export { refreshAnnouncements } from "./hooks/use-announcements";
export { refreshAppUpdates } from "./hooks/use-desktop-update";
