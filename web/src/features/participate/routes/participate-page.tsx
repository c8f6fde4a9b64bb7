/**
 * /participate and /participate/:id (spec §2, public): the participation flow. Each visit gets its
 * own jotai store, so an abandoned attempt never leaks into the next one.
 */
import { createStore, Provider } from 'jotai';
import { useState } from 'react';
import { ParticipationFlow } from '@/features/participate/components/participation-flow';
import '@/features/participate/participate.css';

export function ParticipatePage() {
  const [store] = useState(createStore);
  return (
    <Provider store={store}>
      <ParticipationFlow />
    </Provider>
  );
}
