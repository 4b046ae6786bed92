"use client";

import NextLink from "next/link";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { useContext, type ComponentProps } from "react";

type LinkProps = ComponentProps<typeof NextLink>;

/**
 * `next/link` that fetches its page when the reader shows an intent to follow it (pointer over it, a touch,
 * keyboard focus), not as soon as it is on screen. Next.js prefetches every link in the viewport: the sign-in
 * page asked the server for ten pages and the home page for each card's permalink, every one a server render
 * and all of it processed on the first screen's main thread (issue 22). Links given `prefetch` keep Next's.
 */
export function Link({ prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: LinkProps) {
  // The router's context rather than useRouter(), which throws outside the app router (a component rendered
  // alone, as the console's charts are in their tests): there the link simply does not prefetch.
  const router = useContext(AppRouterContext);
  if (prefetch !== undefined) return <NextLink prefetch={prefetch} onMouseEnter={onMouseEnter} onTouchStart={onTouchStart} onFocus={onFocus} {...props} />;
  const intent = () => {
    if (router && typeof props.href === "string" && props.href.startsWith("/")) router.prefetch(props.href);
  };
  return (
    <NextLink
      prefetch={false}
      onMouseEnter={(e) => {
        intent();
        onMouseEnter?.(e);
      }}
      onTouchStart={(e) => {
        intent();
        onTouchStart?.(e);
      }}
      onFocus={(e) => {
        intent();
        onFocus?.(e);
      }}
      {...props}
    />
  );
}
