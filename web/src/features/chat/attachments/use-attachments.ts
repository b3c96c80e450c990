import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast-context';
import { ApiError } from '@/lib/api/api-error';
import { deleteFiles } from '@/shared/files/api/delete-files';
import { limitsFor, useFileConfig } from '@/shared/files/api/get-file-config';
import { UploadCanceledError, uploadFile, type UploadHandle } from '@/shared/files/api/upload-file';
import { PENDING_CONVERSATION } from '@/shared/conversation/types';
import { type Attachment, filesToSend, isUploading } from './attachment';
import { createDeleteQueue } from './delete-queue';
import { createErrorToaster } from './error-toasts';
import { isImageType } from './file-type';
import { moveFilesDraft, readFilesDraft, saveFilesDraft } from './files-draft';
import { measureImage } from './measure-image';
import { slowUploadDelayMs, UploadProgress } from './upload-progress';
import { checkFiles } from './validate-files';

interface AttachmentsOptions {
  /** Whose files draft is shown and saved; `new` and `PENDING` included. */
  conversationId: string;
  endpoint: string | null | undefined;
  /** The saveDrafts preference. */
  saveDrafts: boolean;
}

type InFlight = { handle: UploadHandle | null; progress: UploadProgress; slowTimer: ReturnType<typeof setTimeout> };

const isHandOver = (fromId: string, toId: string) => fromId === PENDING_CONVERSATION || toId === PENDING_CONVERSATION;

/**
 * The composer's files: checked, uploaded with a progress ring, removable (and then deleted on
 * the server), kept in the conversation's draft, and handed to the send once all are uploaded.
 */
export function useAttachments({ conversationId, endpoint, saveDrafts }: AttachmentsOptions) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const config = useFileConfig();
  const limits = limitsFor(config.data, endpoint);
  const [view, setView] = useState(() => ({
    conversationId,
    items: saveDrafts ? readFilesDraft(conversationId) : [],
  }));
  let items = view.items;
  if (view.conversationId !== conversationId) {
    // Adjusted while rendering, as the text draft is: another chat never paints these files.
    if (!isHandOver(view.conversationId, conversationId)) items = saveDrafts ? readFilesDraft(conversationId) : [];
    setView({ conversationId, items });
  }

  const inFlight = useRef(new Map<string, InFlight>());
  const mounted = useRef(false);
  const toaster = useMemo(() => createErrorToaster(showToast), [showToast]);
  const deletes = useMemo(() => createDeleteQueue(deleteFiles), []);

  const update = useCallback((id: string, patch: Partial<Attachment>) => {
    setView((state) => ({
      ...state,
      items: state.items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
    }));
  }, []);

  const drop = useCallback((id: string) => {
    setView((state) => {
      const gone = state.items.find((item) => item.id === id);
      if (gone?.preview?.startsWith('blob:')) URL.revokeObjectURL(gone.preview);
      return { ...state, items: state.items.filter((item) => item.id !== id) };
    });
  }, []);

  const finish = useCallback((id: string) => {
    const flight = inFlight.current.get(id);
    if (!flight) return;
    clearTimeout(flight.slowTimer);
    inFlight.current.delete(id);
  }, []);

  const upload = useCallback(
    async (attachment: Attachment, file: File, uploadEndpoint: string) => {
      const { id } = attachment;
      const progress = new UploadProgress((value) => update(id, { progress: value }));
      const slowTimer = setTimeout(() => update(id, { slow: true }), slowUploadDelayMs(file.size));
      const flight: InFlight = { handle: null, progress, slowTimer };
      inFlight.current.set(id, flight);
      try {
        const size = isImageType(attachment.type) ? await measureImage(file) : null;
        if (size) {
          update(id, size);
          progress.imageReady();
        }
        if (!inFlight.current.has(id)) throw new UploadCanceledError();
        flight.handle = uploadFile({ file, fileId: id, endpoint: uploadEndpoint, ...size }, (loaded, total) =>
          progress.bytesSent(loaded, total),
        );
        const stored = await flight.handle.result;
        finish(id);
        progress.succeeded();
        update(id, {
          slow: false,
          stored: {
            file_id: stored.file_id,
            filepath: stored.filepath,
            type: stored.type,
            source: stored.source,
            embedded: stored.embedded,
            width: stored.width,
            height: stored.height,
          },
        });
      } catch (error) {
        finish(id);
        progress.stop();
        drop(id);
        if (!mounted.current) return;
        if (error instanceof UploadCanceledError) toaster.report(t('com_error_files_upload_canceled'));
        else if (error instanceof ApiError && error.message) toaster.report(error.message);
        else toaster.report(t('com_error_files_upload'));
      }
    },
    [drop, finish, t, toaster, update],
  );

  const addFiles = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      if (!limits || !endpoint) {
        toaster.report(t(config.isError ? 'com_error_files_upload' : 'com_error_files_validation'));
        return;
      }
      const { accepted, problems } = checkFiles(files, items, limits);
      for (const problem of problems) toaster.report(t(problem.key, problem.values));
      const added = accepted.map(({ file, type }) => {
        // The server sees the type the checks accepted (a code file the browser did not type).
        const typed = file.type === type ? file : new File([file], file.name, { type });
        const attachment: Attachment = {
          id: crypto.randomUUID(),
          filename: file.name,
          type,
          bytes: file.size,
          preview: isImageType(type) ? URL.createObjectURL(typed) : undefined,
          progress: 0,
          slow: false,
        };
        return { attachment, typed };
      });
      if (added.length === 0) return;
      setView((state) => ({ ...state, items: [...state.items, ...added.map(({ attachment }) => attachment)] }));
      for (const { attachment, typed } of added) void upload(attachment, typed, endpoint);
    },
    [config.isError, endpoint, items, limits, t, toaster, upload],
  );

  /** Cancels an upload (its toast says so) or takes an uploaded file off and deletes it soon. */
  const remove = useCallback(
    (id: string) => {
      const flight = inFlight.current.get(id);
      if (flight) {
        inFlight.current.delete(id);
        clearTimeout(flight.slowTimer);
        flight.handle?.abort();
        return;
      }
      const attachment = items.find((item) => item.id === id);
      drop(id);
      if (attachment?.stored) {
        const { file_id, filepath, source, embedded } = attachment.stored;
        deletes.add({ file_id, filepath, source, embedded });
      }
    },
    [deletes, drop, items],
  );

  /** After a send: the files now belong to the message, so nothing is deleted. */
  const clear = useCallback(() => {
    setView((state) => ({ ...state, items: [] }));
  }, []);

  const previousId = useRef(conversationId);
  useEffect(() => {
    const fromId = previousId.current;
    previousId.current = conversationId;
    if (fromId !== conversationId && isHandOver(fromId, conversationId)) moveFilesDraft(fromId, conversationId);
  }, [conversationId]);

  useEffect(() => {
    if (saveDrafts) saveFilesDraft(view.conversationId, view.items);
  }, [saveDrafts, view]);

  // Leaving the chat stops the uploads (their toasts would belong to a chat no longer shown)
  // and sends the pending deletes now.
  useEffect(() => {
    const flights = inFlight.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      toaster.dispose();
      for (const flight of flights.values()) {
        clearTimeout(flight.slowTimer);
        flight.progress.stop();
        flight.handle?.abort();
      }
      flights.clear();
      deletes.flush();
    };
  }, [deletes, toaster]);

  return {
    items,
    addFiles,
    remove,
    clear,
    /** Send waits until every file is uploaded. */
    isLoading: items.some(isUploading),
    files: filesToSend(items),
    /** The endpoint takes no files: attaching is off. */
    disabled: limits?.disabled === true,
  };
}

export type AttachmentsController = ReturnType<typeof useAttachments>;
