import { Upload } from './Upload';
import { COMPRESS_TARGET_KB } from './uploadFile';

export interface ImageUploadProps {
  /** The image URL ('' for none). */
  value?: string;
  onChange?: (url: string) => void;
  /** Images larger than this many KB are compressed to about 500 KB / width 800 (spec: logos 100, avatars 3000). */
  compress?: number;
  disabled?: boolean;
}

const IMAGE_EXTS = ['jpg', 'jpeg', 'png'];

/** One jpg/jpeg/png image (logos, QR codes, avatars): a picture card whose value is the URL. */
export function ImageUpload({ value, onChange, compress = COMPRESS_TARGET_KB, disabled }: ImageUploadProps) {
  return (
    <Upload
      value={value ? [{ name: value.split('/').pop() ?? 'image', url: value }] : []}
      onChange={(files) => onChange?.(files[files.length - 1]?.url ?? '')}
      limit={1}
      kinds={['image']}
      exts={IMAGE_EXTS}
      listType="picture-card"
      compressOverKb={compress}
      disabled={disabled}
    />
  );
}
