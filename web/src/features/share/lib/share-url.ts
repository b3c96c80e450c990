import { paths } from '@/config/paths';

/** The public address of a link, absolute so it can be copied, encoded and sent anywhere. */
export const shareUrl = (shareId: string, origin: string = window.location.origin) =>
  new URL(paths.share.getHref(shareId), origin).href;
