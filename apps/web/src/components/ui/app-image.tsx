import { imageUrl } from '@sufra/shared/host-rule';
import { env } from '../../config/env';

interface Props {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above-the-fold images load eagerly and early. */
  priority?: boolean;
}

/** Every image: fixed dimensions (no layout shift), lazy unless above the fold, relative paths on the image host. */
export function AppImage({ src, alt, width, height, className, priority = false }: Props) {
  const url = imageUrl(src, env.IMAGE_HOST);
  if (!url)
    return <span className={`img-placeholder ${className ?? ''}`} style={{ aspectRatio: `${width} / ${height}` }} />;
  return (
    <img
      src={url}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
