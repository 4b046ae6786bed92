// The icons every article card repeats — like, comment, favourite and the recommendation reason's — drawn once per
// list (CardIconSprite, beside it) and used by reference (CardIcon). Twenty cards carried eighty copies of lucide's
// paths: 39 kB of the signed-in home's HTML and 4% of its server CPU (lucide's Icon component), paid on every
// request. The symbols leave fill and stroke colour to each use: a liked heart is filled with its text colour.
import { Bookmark, Flame, Heart, MessageCircle, Sparkles, type LucideIcon } from "lucide-react";

const ICONS = { heart: Heart, comment: MessageCircle, bookmark: Bookmark, flame: Flame, sparkles: Sparkles } satisfies Record<string, LucideIcon>;
export type CardIconName = keyof typeof ICONS;

const symbolId = (name: CardIconName) => `card-icon-${name}`;

/** The symbols, once in a page that lists cards (ids are per document). */
export function CardIconSprite() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false" data-testid="card-icon-sprite">
      {(Object.keys(ICONS) as CardIconName[]).map((name) => {
        const Icon = ICONS[name];
        return (
          <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
            <Icon fill="inherit" />
          </symbol>
        );
      })}
    </svg>
  );
}

/** One card icon by reference; `className` sizes and colours it (`fill-current` fills it). */
export function CardIcon({ name, className }: { name: CardIconName; className: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" className={className} aria-hidden="true" focusable="false">
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
