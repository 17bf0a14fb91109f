import { CheckCircle2, CircleAlert, UploadCloud } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { preferServerMessage } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { uploadMediaFile } from '../api/upload-media';
import { acceptAttribute, formatBytes, refusalBeforeUpload, type MediaAccept, type MediaFile } from '../media-rules';

type Upload = {
  key: string;
  name: string;
  size: number;
  progress: number;
  state: 'sending' | 'done' | 'failed';
  message?: string;
};

/** Files sent at once; the others wait their turn (the server cleans one at a time anyway). */
const AT_ONCE = 3;

let nextKey = 0;

/**
 * Drop files here or pick them (several at once; on a phone the picker
 * offers the camera roll), each sent on its own with a progress bar. Every
 * file that is kept is handed to `onUploaded`, in the order they finish.
 */
export function MediaUploader({
  accept,
  multiple = true,
  onUploaded,
  label = 'Upload files',
  compact = false,
}: {
  accept: MediaAccept;
  multiple?: boolean;
  onUploaded: (file: MediaFile) => void;
  label?: string;
  compact?: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);

  const change = (key: string, next: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...next } : upload)));

  const send = (files: File[]) => {
    const chosen = multiple ? files : files.slice(0, 1);
    const queued: { file: File; key: string }[] = [];
    const added: Upload[] = chosen.map((file) => {
      const key = `upload-${nextKey++}`;
      const refusal = refusalBeforeUpload(file, accept);
      if (refusal === null) queued.push({ file, key });
      return refusal === null
        ? { key, name: file.name, size: file.size, progress: 0, state: 'sending' }
        : { key, name: file.name, size: file.size, progress: 0, state: 'failed', message: refusal };
    });
    setUploads((current) => [...added, ...current.filter((upload) => upload.state === 'sending')]);
    const work = async () => {
      for (let next = queued.shift(); next; next = queued.shift()) {
        const { file, key } = next;
        try {
          const kept = await uploadMediaFile(file, (progress) => change(key, { progress }));
          change(key, { progress: 1, state: 'done' });
          onUploaded(kept);
        } catch (error) {
          change(key, {
            state: 'failed',
            message: preferServerMessage(error, error instanceof Error ? error.message : 'The upload failed.'),
          });
        }
      }
    };
    for (let i = 0; i < Math.min(AT_ONCE, queued.length); i++) void work();
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    send(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        data-testid="media-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center justify-center gap-3 border border-dashed px-4 text-center transition-colors duration-200',
          compact ? 'py-4 sm:flex-row sm:justify-start sm:text-left' : 'py-8',
          dragging ? 'border-gold bg-gold/10' : 'border-line bg-ink/30',
        )}
      >
        <UploadCloud aria-hidden className={cn('shrink-0 text-gold', compact ? 'size-5' : 'size-7')} />
        <p className="text-sm text-sand">
          {multiple ? 'Drop files here, or' : 'Drop a file here, or'}
          <span className="sr-only">
            {' '}
            {accept === 'image' ? '(JPEG, PNG, WebP or AVIF up to 20 MB)' : '(images up to 20 MB, MP4 or WebM videos up to 64 MB)'}
          </span>
        </p>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} aria-describedby={`${inputId}-hint`}>
          {label}
        </Button>
        <input
          ref={input}
          id={inputId}
          type="file"
          tabIndex={-1}
          aria-hidden
          className="sr-only"
          accept={acceptAttribute(accept)}
          multiple={multiple}
          onChange={(event) => {
            send(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-muted">
        {accept === 'image'
          ? 'JPEG, PNG, WebP or AVIF, up to 20 MB and 36 megapixels. Location and camera details are removed.'
          : 'Images up to 20 MB, MP4 or WebM videos up to 64 MB. Location and camera details are removed.'}
      </p>
      {uploads.length > 0 ? (
        <ul className="grid gap-2" aria-label="Uploads" aria-live="polite">
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function UploadRow({ upload }: { upload: Upload }) {
  const percent = Math.round(upload.progress * 100);
  return (
    <li data-testid="upload-row" className="border border-line/70 bg-ink/40 px-3 py-2">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="min-w-0 truncate text-ivory" title={upload.name}>
          {upload.name}
        </span>
        <span className="shrink-0 text-xs text-muted">{formatBytes(upload.size)}</span>
      </div>
      {upload.state === 'failed' ? (
        <p role="alert" className="mt-1 flex items-start gap-2 text-sm text-danger">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {upload.message}
        </p>
      ) : (
        <div className="mt-2 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={`Uploading ${upload.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 flex-1 overflow-hidden bg-line"
          >
            <div className="h-full bg-gold transition-[width] duration-200" style={{ width: `${percent}%` }} />
          </div>
          {upload.state === 'done' ? (
            <span className="flex shrink-0 items-center gap-1 text-xs text-gold-light">
              <CheckCircle2 aria-hidden className="size-4" />
              Uploaded
            </span>
          ) : (
            <span className="w-10 shrink-0 text-right text-xs tabular-nums text-sand">{percent}%</span>
          )}
        </div>
      )}
    </li>
  );
}
