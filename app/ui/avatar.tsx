import { useState } from "react";

const SIZES = { sm: "h-8 w-8 text-xs", md: "h-9 w-9 text-sm" } as const;

/**
 * A member's round picture, or their initial when there is none (or it fails
 * to load). Decorative: the member's name is always written beside it or in
 * the control's label. The picture is asked for without a referrer, so its
 * host (Strava's or Google's) does not learn which page showed it.
 */
export function Avatar({
  name,
  src,
  size = "sm",
  className = "",
}: {
  name: string;
  src: string | null | undefined;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = `${SIZES[size]} shrink-0 rounded-full ${className}`;
  if (src && failed !== src)
    return (
      <img
        src={src}
        alt=""
        width={size === "sm" ? 32 : 36}
        height={size === "sm" ? 32 : 36}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(src)}
        className={`${box} bg-gray-200 object-cover`}
        data-testid="avatar-photo"
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`${box} flex items-center justify-center bg-gray-800 font-semibold uppercase text-white`}
    >
      {name.slice(0, 1)}
    </span>
  );
}
