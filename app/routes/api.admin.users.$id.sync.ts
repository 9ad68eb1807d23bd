/** POST /api/admin/users/{id}/sync: part 2 §7's alias of POST …/strava-sync (same guard and answer). */
export { action } from "./api.admin.users.$id.strava-sync";
