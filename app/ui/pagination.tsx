import { Link } from "@remix-run/react";

export type PageItem = number | "gap";

/**
 * The page numbers to show: always the first and the last page, `neighbours`
 * pages either side of the current one, and a gap (…) where pages are left
 * out. A gap never hides a single page: that page is shown instead; few
 * enough pages are all shown.
 */
export function pageItems(page: number, pages: number, neighbours = 1): PageItem[] {
  if (pages <= 2 * neighbours + 5) return Array.from({ length: Math.max(0, pages) }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, page), pages);
  const shown = new Set<number>([1, pages]);
  for (let p = current - neighbours; p <= current + neighbours; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) items.push("gap");
    items.push(p);
  });
  return items;
}

const base =
  "inline-flex h-8 min-w-8 items-center justify-center rounded-md border px-1.5 text-sm font-medium sm:h-9 sm:min-w-9 sm:px-2";
const idle = `${base} border-gray-300 bg-white text-gray-700 hover:bg-gray-50`;
const disabled = `${base} cursor-not-allowed border-gray-200 bg-gray-50 text-gray-500`;

/** Page links (plain GET links, so they work without JavaScript). */
export function Pagination({
  page,
  pages,
  hrefFor,
  label = "Pagination",
  neighbours = 1,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label?: string;
  /** Pages shown either side of the current one. */
  neighbours?: number;
}) {
  if (pages <= 1) return null;
  const items = pageItems(page, pages, neighbours);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={idle} rel="prev" aria-label="Previous page">
          ‹<span className="hidden sm:inline">&nbsp;Prev</span>
        </Link>
      ) : (
        <span className={disabled} aria-hidden="true">
          ‹<span className="hidden sm:inline">&nbsp;Prev</span>
        </span>
      )}
      {items.map((item, i) =>
        item === "gap" ? (
          <span key={`gap-${i}`} className="px-1 text-gray-500" aria-hidden="true">
            …
          </span>
        ) : item === page ? (
          <span key={item} aria-current="page" className={`${base} border-brand-accent bg-brand text-white`}>
            {item}
          </span>
        ) : (
          <Link
            key={item}
            to={hrefFor(item)}
            className={idle}
            aria-label={
              item === 1 ? "First page, page 1" : item === pages ? `Last page, page ${item}` : `Page ${item}`
            }
          >
            {item}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={idle} rel="next" aria-label="Next page">
          <span className="hidden sm:inline">Next&nbsp;</span>›
        </Link>
      ) : (
        <span className={disabled} aria-hidden="true">
          <span className="hidden sm:inline">Next&nbsp;</span>›
        </span>
      )}
    </nav>
  );
}
