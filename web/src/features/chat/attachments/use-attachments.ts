import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PublicUser } from '@contract/auth';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { currentUserQueryKey } from '@/shared/auth/api/get-current-user';
import { deleteFiles } from '@/shared/files/api/delete-files';
import { fileConfigQueryOptions, limitsFor, useFileConfig } from '@/shared/files/api/get-file-config';
import { PENDING_CONVERSATION } from '@/shared/conversation/types';
import { type Attachment, filesToSend, isUploading } from './attachment';
import { createDeleteQueue } from './delete-queue';
import { createErrorToaster } from './error-toasts';
import { moveFilesDraft, readFilesDraft, saveFilesDraft } from './files-draft';
import type { InFlight, UploadCallbacks, UploadFailure } from './upload-pipeline';

interface AttachmentsOptions {
  /** Whose files draft is shown and saved; `new` and `PENDING` included. */
  conversationId: string;
  endpoint: string | null | undefined;
  /** Whether the chosen model can see images (contract/vision): images are refused when not. */
  seesImages: boolean;
  /** The saveDrafts preference. */
  saveDrafts: boolean;
}

const isHandOver = (fromId: string, toId: string) => fromId === PENDING_CONVERSATION || toId === PENDING_CONVERSATION;

/**
 * The composer's files: checked, uploaded with a progress ring, removable (and then deleted on
 * the server), kept in the conversation's draft, and handed to the send once all are uploaded.
 */
export function useAttachments({ conversationId, endpoint, seesImages, saveDrafts }: AttachmentsOptions) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
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

  const fail = useCallback(
    (id: string, failure: UploadFailure) => {
      drop(id);
      // A chat left behind says nothing about the uploads it stopped.
      if (!mounted.current) return;
      if (failure.kind === 'canceled') toaster.report(t('com_error_files_upload_canceled'));
      else if (failure.kind === 'server') toaster.report(failure.message);
      else toaster.report(t('com_error_files_upload'));
    },
    [drop, t, toaster],
  );

  const callbacks = useMemo<UploadCallbacks>(
    () => ({
      update,
      fail,
      finish,
      track: (id, flight) => inFlight.current.set(id, flight),
      isTracked: (id) => inFlight.current.has(id),
    }),
    [fail, finish, update],
  );

  // What is attached now, for checks made after the pipeline's code has loaded.
  const itemsRef = useRef(items);
  itemsRef.current = items;

  // Files picked or pasted while the conversation's endpoint is still being worked out (the first
  // moments of a page) wait for it, as they wait for the limits below, instead of being lost.
  const waitingForEndpoint = useRef<File[]>([]);

  const addFiles = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      if (!endpoint) {
        waitingForEndpoint.current.push(...files);
        return;
      }
      // Files picked or pasted before the limits arrived wait for them instead of being lost.
      const limitsReady =
        limits ?? queryClient.fetchQuery(fileConfigQueryOptions).then((loaded) => limitsFor(loaded, endpoint));
      Promise.all([limitsReady, import('./upload-pipeline')]).then(
        ([known, { prepareFiles, runUpload }]) => {
          if (!known) {
            toaster.report(t('com_error_files_upload'));
            return;
          }
          const { added, problems } = prepareFiles(files, itemsRef.current, known, seesImages);
          for (const problem of problems) toaster.report(t(problem.key, problem.values));
          if (added.length === 0) return;
          const attachments = added.map(({ attachment }) => attachment);
          itemsRef.current = [...itemsRef.current, ...attachments];
          setView((state) => ({ ...state, items: [...state.items, ...attachments] }));
          const userId = queryClient.getQueryData<PublicUser | null>(currentUserQueryKey)?.id;
          for (const { attachment, file } of added) void runUpload(attachment, file, endpoint, callbacks, userId);
        },
        () => toaster.report(t('com_error_files_upload')),
      );
    },
    [callbacks, endpoint, limits, queryClient, seesImages, t, toaster],
  );

  useEffect(() => {
    if (!endpoint || waitingForEndpoint.current.length === 0) return;
    const waiting = waitingForEndpoint.current;
    waitingForEndpoint.current = [];
    addFiles(waiting);
  }, [addFiles, endpoint]);

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
    /** The types the endpoint takes (regular-expression sources), once its limits are known. */
    supportedMimeTypes: limits?.supportedMimeTypes,
    seesImages,
  };
}

export type AttachmentsController = ReturnType<typeof useAttachments>;
