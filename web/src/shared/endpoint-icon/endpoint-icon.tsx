import { useState } from 'react';
import { isMarkName, markFor, MarkSvg } from './provider-marks';

/** Only web and same-origin images are loaded as icons (a config value is not a script URL). */
const IMAGE_URL = /^(?:https?:\/\/|\/(?!\/)|data:image\/)/i;

export interface EndpointIconProps {
  /** The endpoint's type: a built-in name, or `custom` (an unknown name also draws the generic mark). */
  type?: string | null;
  /** The configured icon (librechat.yaml `iconURL`), or a built-in endpoint's name. */
  iconURL?: string | null;
  /** What the icon stands for (the endpoint's name); its alt text unless `decorative`. */
  label: string;
  /** Hidden from assistive technology: the text next to it already names the endpoint. */
  decorative?: boolean;
  className?: string;
}

/**
 * The one icon of an endpoint wherever it is shown (pickers, message avatars): its configured
 * image when it has one, else the provider's mark. An image that fails to load falls back to
 * the mark, so a broken URL never leaves a broken-picture glyph.
 */
export function EndpointIcon({ type, iconURL, label, decorative = false, className = 'size-5' }: EndpointIconProps) {
  // Which URL failed, so a new `iconURL` (another endpoint) is tried afresh.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const name = decorative ? undefined : label;
  if (isMarkName(iconURL)) return <MarkSvg mark={iconURL} label={name} className={className} />;
  if (iconURL && IMAGE_URL.test(iconURL) && iconURL !== failedUrl) {
    return (
      <img
        src={iconURL}
        alt={name ?? ''}
        aria-hidden={decorative || undefined}
        className={`${className} shrink-0 rounded-md object-contain`}
        onError={() => setFailedUrl(iconURL)}
      />
    );
  }
  return <MarkSvg mark={markFor(type)} label={name} className={className} />;
}
