import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { privacyTermsKey } from '@/lib/api/catalogue/keys';

export async function getPrivacyTerms() {
  return unwrap(await api.GET('/api/privacy/terms'));
}

/**
 * How long health answers are kept, as the owner set it: sent with the page
 * by the server (the catalogue read model answers it, and the page is made
 * again when the owner changes it), so never asked again on load.
 */
export function usePrivacyTerms() {
  return useQuery({ queryKey: privacyTermsKey(), queryFn: getPrivacyTerms });
}
