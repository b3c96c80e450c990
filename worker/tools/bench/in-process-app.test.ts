import { describe, expect, it } from 'vitest';
import { devVarsText, generateLocalSecrets } from '../lib/secrets';
import { parseVarsFile } from './in-process-app';

describe('parseVarsFile', () => {
  it('reads back every variable of a generated .dev.vars, and nothing from its comments', () => {
    const secrets = generateLocalSecrets();
    const vars = parseVarsFile(devVarsText(secrets, { LIMIT_MESSAGE_IP: 'true', APP_TITLE: 'Chat = fun' }));
    expect(vars).toEqual({ ENVIRONMENT: 'development', ...secrets, LIMIT_MESSAGE_IP: 'true', APP_TITLE: 'Chat = fun' });
  });

  it('unquotes double-quoted values and skips lines that are not assignments', () => {
    expect(parseVarsFile('# NOTE=comment\nA="quoted value"\n\nnot an assignment\n  B = spaced  \n')).toEqual({
      A: 'quoted value',
      B: 'spaced',
    });
  });
});
