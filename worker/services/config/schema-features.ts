import { z } from 'zod';
import { nonNegativeNumber, regexString, stringList } from './schema-common';

/** Config sections for files, speech, rate limits, registration and actions (the captcha section is in contract/config). */

// ---- fileConfig -------------------------------------------------------------------------

/** Per-endpoint upload limits. Sizes are in megabytes, as in LibreChat. */
export const endpointFileConfigSchema = z.object({
  disabled: z.boolean().optional(),
  fileLimit: nonNegativeNumber().optional(),
  fileSizeLimit: nonNegativeNumber().optional(),
  totalSizeLimit: nonNegativeNumber().optional(),
  /** Regular expressions matched against a file's MIME type. */
  supportedMimeTypes: z.array(regexString()).optional(),
});

export const fileConfigSchema = z.object({
  /** Keyed by endpoint name, or `default` for endpoints not listed. */
  endpoints: z.record(z.string(), endpointFileConfigSchema).optional(),
  /** Megabytes. */
  serverFileSizeLimit: nonNegativeNumber().optional(),
  /** Megabytes. */
  avatarSizeLimit: nonNegativeNumber().optional(),
  imageGeneration: z
    .object({
      percentage: nonNegativeNumber().max(100, { error: 'Must be 100 or less' }).optional(),
      px: nonNegativeNumber().optional(),
    })
    .optional(),
  /** Browser-side downscaling of images before upload. */
  clientImageResize: z
    .object({
      enabled: z.boolean().optional(),
      maxWidth: nonNegativeNumber().optional(),
      maxHeight: nonNegativeNumber().optional(),
      quality: nonNegativeNumber().max(1, { error: 'Must be 1 or less' }).optional(),
      compressFormats: stringList().optional(),
    })
    .optional(),
});

// ---- speech -----------------------------------------------------------------------------

const voices = () => z.array(z.string());

// Azure's `baseURL` is this app's own addition: an API gateway (or the local mock) in front of
// the instance, used in place of https://<instanceName>.openai.azure.com.

const ttsSchema = z.object({
  openai: z.object({ url: z.string().optional(), apiKey: z.string(), model: z.string(), voices: voices() }).optional(),
  azureOpenAI: z
    .object({
      instanceName: z.string(),
      apiKey: z.string(),
      deploymentName: z.string(),
      apiVersion: z.string(),
      model: z.string(),
      voices: voices(),
      baseURL: z.string().optional(),
    })
    .optional(),
  elevenlabs: z
    .object({
      url: z.string().optional(),
      websocketUrl: z.string().optional(),
      apiKey: z.string(),
      model: z.string(),
      voices: voices(),
      voice_settings: z
        .object({
          similarity_boost: z.number().optional(),
          stability: z.number().optional(),
          style: z.number().optional(),
          use_speaker_boost: z.boolean().optional(),
        })
        .optional(),
      pronunciation_dictionary_locators: stringList().optional(),
    })
    .optional(),
  localai: z
    .object({ url: z.string(), apiKey: z.string().optional(), voices: voices(), backend: z.string() })
    .optional(),
});

const sttSchema = z.object({
  openai: z.object({ url: z.string().optional(), apiKey: z.string(), model: z.string() }).optional(),
  azureOpenAI: z
    .object({
      instanceName: z.string(),
      apiKey: z.string(),
      deploymentName: z.string(),
      apiVersion: z.string(),
      baseURL: z.string().optional(),
    })
    .optional(),
});

/**
 * Server-side defaults for the speech settings tab. Not "config numbers": decibelValue is
 * negative (-45) and autoSendText -1 means off, so these are not bounded at 0.
 */
const speechTabSchema = z.object({
  conversationMode: z.boolean().optional(),
  advancedMode: z.boolean().optional(),
  speechToText: z
    .union([
      z.boolean(),
      z.object({
        engineSTT: z.string().optional(),
        languageSTT: z.string().optional(),
        autoTranscribeAudio: z.boolean().optional(),
        decibelValue: z.number().optional(),
        autoSendText: z.number().optional(),
      }),
    ])
    .optional(),
  textToSpeech: z
    .union([
      z.boolean(),
      z.object({
        engineTTS: z.string().optional(),
        voice: z.string().optional(),
        languageTTS: z.string().optional(),
        automaticPlayback: z.boolean().optional(),
        playbackRate: z.number().optional(),
        cacheTTS: z.boolean().optional(),
      }),
    ])
    .optional(),
});

export const speechSchema = z.object({
  tts: ttsSchema.optional(),
  stt: sttSchema.optional(),
  speechTab: speechTabSchema.optional(),
});

// ---- rateLimits -------------------------------------------------------------------------

const rateLimitSchema = z.object({
  ipMax: nonNegativeNumber().optional(),
  ipWindowInMinutes: nonNegativeNumber().optional(),
  userMax: nonNegativeNumber().optional(),
  userWindowInMinutes: nonNegativeNumber().optional(),
});

export const rateLimitsSchema = z.object({
  fileUploads: rateLimitSchema.optional(),
  conversationsImport: rateLimitSchema.optional(),
  tts: rateLimitSchema.optional(),
  stt: rateLimitSchema.optional(),
});

// ---- registration, actions --------------------------------------------------------------

/** LibreChat's default order of social login buttons. */
export const DEFAULT_SOCIAL_LOGINS: readonly string[] = ['google', 'facebook', 'openid', 'github', 'discord'];

export const registrationSchema = z.object({
  /** Which social providers are offered, in this order (only those with credentials show). */
  socialLogins: stringList().default(() => [...DEFAULT_SOCIAL_LOGINS]),
  /** When set, only email addresses of these domains may register. */
  allowedDomains: stringList().optional(),
});
export type RegistrationConfig = z.infer<typeof registrationSchema>;

export const actionsSchema = z.object({
  /** Domains agent and assistant actions may call. */
  allowedDomains: stringList().optional(),
});
