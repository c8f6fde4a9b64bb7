/**
 * /participate and /participate/:id (product §2, public): the participation page, the whole document
 * its own entry mounts (participate-main.tsx). It has no router: the id comes from the address,
 * read once, and the page's links (the logo) are page loads (ADR 0011). Each visit gets its own
 * jotai store, so an abandoned attempt never leaks into the next one.
 */
import { createStore, Provider } from 'jotai';
import { useState } from 'react';
import { LogoHeaderPage } from '@/components/logo-header-page';
import { PageRoot } from '@/components/page-root';
import { ParticipationFlow } from '@/features/participate/components/participation-flow';
import { linkedIdFrom } from '@/features/participate/lib/linked-id';
import { useDocumentMeta } from '@/lib/document-meta';
import '@/features/participate/participate.css';

export function ParticipatePage() {
  const [store] = useState(createStore);
  const [linkedId] = useState(() => linkedIdFrom(window.location.pathname));
  useDocumentMeta('participate');
  return (
    <PageRoot>
      <LogoHeaderPage>
        <Provider store={store}>
          <ParticipationFlow linkedId={linkedId} />
        </Provider>
      </LogoHeaderPage>
    </PageRoot>
  );
}
