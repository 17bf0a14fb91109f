import { useEffect } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Admin screens are never indexed. The server already sends the tag with the
 * first HTML; this keeps it when the admin is reached by client navigation.
 */
export function useAdminHead(title: string) {
  useDocumentTitle(title);
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const previous = meta?.content;
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      document.head.append(meta);
    }
    meta.content = 'noindex';
    return () => {
      if (created) meta.remove();
      else if (previous !== undefined) meta.content = previous;
    };
  }, []);
}
