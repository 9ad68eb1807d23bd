/**
 * The club feed's items (issue #41): a milestone each, with kudos and comments.
 * Every button is a form (works without JavaScript, posts to /club); with
 * JavaScript a fetcher per item keeps the page in place and the kudos count
 * follows at once.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useDates } from "~/lib/time-zone";
import { Button } from "~/ui/button";
import { cardClass } from "~/ui/card";
import type { FeedComment, FeedItem } from "../feed.server";
import { COMMENT_MAX } from "../schema";

type Reply = { ok: boolean; message?: string; kudos?: number; kudoed?: boolean };

function KudosButton({ item }: { item: FeedItem }) {
  const fetcher = useFetcher<Reply>();
  const pending = fetcher.formData?.get("intent");
  const kudoed = pending ? pending === "kudos" : (fetcher.data?.kudoed ?? item.kudoed);
  const count = pending
    ? item.kudos - (item.kudoed ? 1 : 0) + (kudoed ? 1 : 0)
    : (fetcher.data?.kudos ?? item.kudos);
  return (
    <fetcher.Form method="post" action="/club">
      <input type="hidden" name="itemId" value={item.id} />
      <button
        type="submit"
        name="intent"
        value={kudoed ? "unkudos" : "kudos"}
        aria-pressed={kudoed}
        className={`rounded-full border px-3 py-1 text-sm font-medium ${kudoed ? "border-brand bg-brand-tint text-brand" : "border-gray-300 text-gray-700 hover:bg-gray-50"}`}
      >
        <span aria-hidden="true">👏 </span>
        {kudoed ? "Kudos given" : "Give kudos"} <span className="tabular-nums">({count})</span>
      </button>
    </fetcher.Form>
  );
}

function CommentRow({ comment, isAdmin }: { comment: FeedComment; isAdmin: boolean }) {
  const dates = useDates();
  const fetcher = useFetcher<Reply>();
  const [editing, setEditing] = useState(false);
  const action = (intent: string, label: string, variant: "secondary" | "danger" = "secondary") => (
    <fetcher.Form method="post" action="/club">
      <input type="hidden" name="commentId" value={comment.id} />
      <Button type="submit" name="intent" value={intent} variant={variant} size="sm">
        {label}
      </Button>
    </fetcher.Form>
  );
  return (
    <li className="rounded-lg bg-gray-50 px-3 py-2 text-sm">
      <p className="text-gray-500">
        <span className="font-medium text-gray-900">{comment.author.name}</span> ·{" "}
        {dates.dateTime(comment.createdAt)}
        {comment.edited ? " · edited" : ""}
      </p>
      {editing ? (
        <fetcher.Form
          method="post"
          action="/club"
          className="mt-1 space-y-2"
          onSubmit={() => setEditing(false)}
        >
          <input type="hidden" name="commentId" value={comment.id} />
          <label className="sr-only" htmlFor={`comment-edit-${comment.id}`}>
            Edit your comment
          </label>
          <textarea
            id={`comment-edit-${comment.id}`}
            name="body"
            required
            maxLength={COMMENT_MAX}
            defaultValue={comment.body}
            className="w-full rounded-md border border-gray-300 p-2"
          />
          <Button type="submit" name="intent" value="edit-comment" size="sm">
            Save comment
          </Button>
        </fetcher.Form>
      ) : (
        <p className="mt-1 whitespace-pre-wrap break-words text-gray-800">{comment.body}</p>
      )}
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="mt-1 text-red-700">
          {fetcher.data.message}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {comment.mine ? (
          <>
            <Button type="button" variant="secondary" size="sm" onClick={() => setEditing((e) => !e)}>
              {editing ? "Cancel" : "Edit"}
            </Button>
            {action("delete-comment", "Delete", "danger")}
          </>
        ) : fetcher.data?.ok ? (
          <p className="text-gray-500">{fetcher.data.message}</p>
        ) : (
          action("report-comment", "Report")
        )}
        {isAdmin && !comment.mine ? action("hide-comment", "Hide") : null}
      </div>
    </li>
  );
}

function CommentForm({ item }: { item: FeedItem }) {
  const fetcher = useFetcher<Reply>();
  const [key, setKey] = useState(0);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  if (fetcher.state === "idle" && fetcher.data?.ok && key === 0) setKey(1);
  return (
    <fetcher.Form
      key={key}
      method="post"
      action="/club"
      className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start"
      onSubmit={() => setKey(0)}
    >
      <input type="hidden" name="itemId" value={item.id} />
      <label className="sr-only" htmlFor={`comment-${item.id}`}>
        Comment on this
      </label>
      <textarea
        id={`comment-${item.id}`}
        name="body"
        rows={1}
        required
        maxLength={COMMENT_MAX}
        placeholder="Add a comment"
        aria-invalid={failed ? true : undefined}
        className="min-w-0 flex-1 rounded-md border border-gray-300 p-2 text-sm"
      />
      <Button type="submit" name="intent" value="comment" size="sm" disabled={fetcher.state !== "idle"}>
        Comment
      </Button>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {failed}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function FeedItemCard({
  item,
  isAdmin,
  compact = false,
}: {
  item: FeedItem;
  isAdmin: boolean;
  compact?: boolean;
}) {
  const dates = useDates();
  return (
    <li id={`item-${item.id}`} className={cardClass({ padding: "sm" })} data-feed-item={item.id}>
      <p className="text-gray-900">
        {item.member ? <span className="font-semibold">{item.member.name} </span> : null}
        {item.link ? (
          <Link to={item.link} className="hover:underline">
            {item.text}
          </Link>
        ) : (
          item.text
        )}
      </p>
      <p className="text-xs text-gray-500">{dates.dateTime(item.createdAt)}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <KudosButton item={item} />
        <span className="text-sm text-gray-500">
          {item.commentCount} {item.commentCount === 1 ? "comment" : "comments"}
        </span>
      </div>
      {compact ? null : (
        <>
          {item.comments.length ? (
            <ul className="mt-3 space-y-2" aria-label="Comments">
              {item.comments.map((c) => (
                <CommentRow key={c.id} comment={c} isAdmin={isAdmin} />
              ))}
            </ul>
          ) : null}
          <CommentForm item={item} />
        </>
      )}
    </li>
  );
}

export function ClubFeedPage({
  feed,
  isAdmin,
  paged,
}: {
  feed: { items: FeedItem[]; nextBefore: number | null };
  isAdmin: boolean;
  paged: boolean;
}) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">Club</h1>
      <p className="mt-1 text-sm text-gray-600">
        Milestones of the club: challenges joined and completed, personal bests, the Wari, new challenges and
        events. Members choose what others see in their sharing settings.
      </p>
      {feed.items.length === 0 ? (
        <p className="mt-6 text-gray-600">Nothing here yet. Join a challenge to get the club going.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {feed.items.map((item) => (
            <FeedItemCard key={item.id} item={item} isAdmin={isAdmin} />
          ))}
        </ul>
      )}
      <nav className="mt-6 flex justify-between" aria-label="Feed pages">
        {paged ? <Link to="/club">Newest</Link> : <span />}
        {feed.nextBefore ? (
          <Link to={`/club?before=${feed.nextBefore}`} className="font-medium text-brand">
            Older
          </Link>
        ) : null}
      </nav>
    </main>
  );
}
