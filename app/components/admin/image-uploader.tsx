// Placeholder until the media work lands: the contract the editors rely on.
export type ImageTarget = { kind: 'room'; id: string } | { kind: 'section'; id: string } | { kind: 'hero' };

export interface ImageUploaderProps {
  target: ImageTarget;
  images: string[];
  /** Rooms and sections only; omit for hero images. */
  primaryImage?: string | null;
}

export function ImageUploader(_props: ImageUploaderProps) {
  return null;
}
