/** What other modules may use of the club feed's UI (the dashboard's short feed). */
export { FeedItemCard } from "./components/club-feed";
