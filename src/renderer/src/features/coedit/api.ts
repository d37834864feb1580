// HTTP calls of co-editing (the document itself travels over the WebSocket, see provider.ts).
import type { Page } from '../../../../shared/api-types';
import type { CoeditStatusResponse } from '../../../../shared/realtime-types';
import { api } from '../../api/client';

export const getCoeditStatus = (pageId: string) =>
  api.get<CoeditStatusResponse>(`/_api/v3/coedit/${pageId}/status`);

export const saveCoedit = async (pageId: string, overwrite = false) =>
  (await api.post<{ page: Page }>(`/_api/v3/coedit/${pageId}/save`, { overwrite })).page;

export const discardCoedit = (pageId: string) =>
  api.post<CoeditStatusResponse>(`/_api/v3/coedit/${pageId}/discard`, {});
