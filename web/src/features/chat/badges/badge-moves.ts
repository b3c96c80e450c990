import type { BadgeId, BadgeLayout } from './badge-layout';

/*
 * The edits of the badge row's edit mode, as pure functions of the layout. Moves are among the
 * badges shown (`shown`, in the row's order): a badge unavailable here keeps its place between
 * the others.
 */

/** Swaps `id` with its neighbour `step` places along the shown badges (ends stay put). */
export function moveBadgeBy(layout: BadgeLayout, shown: readonly BadgeId[], id: BadgeId, step: -1 | 1): BadgeLayout {
  const neighbour = shown[shown.indexOf(id) + step];
  if (!shown.includes(id) || !neighbour) return layout;
  const order = [...layout.order];
  const from = order.indexOf(id);
  const to = order.indexOf(neighbour);
  [order[from], order[to]] = [neighbour, id];
  return { ...layout, order };
}

/** Puts `id` where `target` is: before it when it comes from the left, after it from the right. */
export function moveBadgeTo(layout: BadgeLayout, id: BadgeId, target: BadgeId): BadgeLayout {
  if (id === target) return layout;
  const order = layout.order.filter((item) => item !== id);
  const at = order.indexOf(target);
  const after = layout.order.indexOf(id) < layout.order.indexOf(target);
  order.splice(after ? at + 1 : at, 0, id);
  return { ...layout, order };
}

export const removeBadge = (layout: BadgeLayout, id: BadgeId): BadgeLayout =>
  layout.removed.includes(id) ? layout : { ...layout, removed: [...layout.removed, id] };

export const restoreBadge = (layout: BadgeLayout, id: BadgeId): BadgeLayout => ({
  ...layout,
  removed: layout.removed.filter((item) => item !== id),
});
