/**
 * GET /api/models (`{ [endpointName]: string[] }`). The setup bar already defines this query
 * (setup/api/get-models.ts); the chat data API re-exports it rather than declaring a second
 * query under the same key, so the two can never disagree on freshness or shape.
 */
export { useModels } from '@/shared/config/api/get-models';
