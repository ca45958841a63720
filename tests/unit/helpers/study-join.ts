import type { FetchLike } from '../../../lib/sync/uploader';

/** The study server's answer to a participant code: study st-1, participant p-7, the role Seller in B.IIc. */
export const studyServer: FetchLike = async () => ({
  status: 200,
  headers: { get: () => null },
  json: async () => ({
    study: { id: 'st-1', name: 'Study one', keepUrlQuery: true },
    participant: 'p-7',
    role: 'seller',
    condition: 'B.IIc',
    ingestToken: 'fwi_token',
    ingestUrl: 'http://localhost:1/v1/events',
  }),
});
