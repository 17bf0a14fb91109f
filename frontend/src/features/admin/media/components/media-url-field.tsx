import type { Ref } from 'react';
import { Input } from '@/components/ui/field';
import { MediaUploader } from './media-uploader';

type Props = {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  placeholder: string;
};

/**
 * An image field: upload a picture (it fills the URL in) or paste a URL as before.
 * The URL input takes the field's label, error and description.
 */
export function MediaUrlField({ name, value, onChange, onBlur, inputRef, placeholder }: Props) {
  const preview = value.startsWith('/media/') && !/\.(mp4|webm)$/i.test(value) ? value : null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        {preview ? (
          <img src={preview} alt="" className="size-12 shrink-0 border border-line object-cover" data-testid="image-preview" />
        ) : null}
        <Input
          ref={inputRef}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          type="text"
          inputMode="url"
          placeholder={placeholder}
          required
          className="min-w-0 flex-1"
        />
      </div>
      <MediaUploader accept="image" multiple={false} compact label="Upload image" onUploaded={(file) => onChange(file.url)} />
    </div>
  );
}
