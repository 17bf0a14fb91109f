import { Copy, Film, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { Spinner } from '@/components/ui/spinner';
import { formatInstantDate } from '@/lib/dates';
import { adminKeys } from '../../shared/admin-keys';
import { IconAction, Panel, PanelHeader, ToneBadge } from '../../shared/ui';
import { useDeleteMediaFile, useMediaLibrary } from '../api/media-library';
import { describeUse, formatBytes, type MediaFile } from '../media-rules';
import { MediaUploader } from './media-uploader';

/** The media library: what is stored, where each file is shown, and deleting what is not. */
export function MediaLibraryTab() {
  const library = useMediaLibrary();
  const queryClient = useQueryClient();
  const files = library.data ?? [];
  return (
    <Panel>
      <PanelHeader title="Media Library" description="Uploaded pictures and videos, newest first. A file shown nowhere can be deleted." />
      <section aria-labelledby="media-upload-heading" className="mb-8">
        <h3 id="media-upload-heading" className="mb-3 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
          Upload
        </h3>
        <MediaUploader
          accept="image-or-video"
          label="Choose files"
          onUploaded={() => void queryClient.invalidateQueries({ queryKey: adminKeys.mediaLibrary() })}
        />
      </section>
      <h3 id="media-files-heading" className="mb-3 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
        Stored files {library.data ? <span className="text-muted">({files.length})</span> : null}
      </h3>
      {library.isPending ? (
        <div className="py-14 text-center">
          <Spinner label="Loading files…" />
        </div>
      ) : library.isError ? (
        <p role="alert" className="py-10 text-center text-danger">
          The files could not be loaded. Please refresh the page.
        </p>
      ) : files.length === 0 ? (
        <p className="border border-dashed border-line px-5 py-10 text-center font-display text-xl text-sand">No files uploaded yet.</p>
      ) : (
        <ul aria-labelledby="media-files-heading" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {files.map((file) => (
            <MediaCard key={file.name} file={file} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function MediaCard({ file }: { file: MediaFile }) {
  const remove = useDeleteMediaFile();
  const video = file.kind === 'mp4' || file.kind === 'webm';
  const used = file.uses.length > 0;
  const copy = () => {
    void navigator.clipboard?.writeText(file.url).then(
      () => toast({ title: 'Copied', description: 'The file’s address is on the clipboard' }),
      () => undefined,
    );
  };
  return (
    <li data-testid="media-file" className="flex flex-col border border-line/70 bg-ink/40">
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden border-b border-line/70 bg-surface-3">
        {video ? (
          <Film aria-hidden className="size-10 text-gold" />
        ) : (
          <img
            src={file.kind === 'avif' ? file.url : `${file.url}?w=640`}
            alt=""
            loading="lazy"
            width={file.width ?? undefined}
            height={file.height ?? undefined}
            className="size-full object-cover"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 break-words text-ivory">{file.originalName}</p>
          <ToneBadge tone={video ? 'purple' : 'gold'}>{file.kind}</ToneBadge>
        </div>
        <p className="text-xs text-muted">
          {formatBytes(file.byteSize)}
          {file.width && file.height ? ` · ${file.width} × ${file.height}` : ''} · {formatInstantDate(file.uploadedAt)}
        </p>
        <div className="text-sm">
          {used ? (
            <>
              <p className="text-[0.7rem] uppercase tracking-wide-2 text-sand">Used by</p>
              <ul className="mt-1 grid gap-0.5 text-ivory">
                {file.uses.map((use) => (
                  <li key={`${use.kind}-${use.id}`}>{describeUse(use)}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-sand">Not used anywhere</p>
          )}
        </div>
        <div className="mt-auto flex items-center justify-end gap-1 border-t border-line/50 pt-2">
          <IconAction label={`Copy the address of ${file.originalName}`} hint="Copy address" onClick={copy}>
            <Copy aria-hidden className="size-4" />
          </IconAction>
          <IconAction
            label={used ? `${file.originalName} is in use and cannot be deleted` : `Delete ${file.originalName}`}
            hint={used ? 'In use' : 'Delete'}
            tone="danger"
            disabled={used || remove.isPending}
            onClick={() => {
              if (window.confirm('Are you sure you want to delete this file?')) remove.mutate(file.name);
            }}
          >
            <Trash2 aria-hidden className="size-4" />
          </IconAction>
        </div>
      </div>
    </li>
  );
}
