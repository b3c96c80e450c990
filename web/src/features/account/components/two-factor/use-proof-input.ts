import { useState } from 'react';
import type { TwoFactorProof } from '../../api/two-factor-proof';
import { type ProofMode, toProof } from '../../lib/two-factor-input';

/** State of a ProofField: the mode, the text, and the proof to send (null while incomplete). */
export function useProofInput() {
  const [mode, setMode] = useState<ProofMode>('token');
  const [value, setValue] = useState('');
  const proof: TwoFactorProof | null = toProof(mode, value);
  return {
    field: {
      mode,
      value,
      onChange: setValue,
      onModeChange: (next: ProofMode) => {
        setMode(next);
        setValue('');
      },
    },
    proof,
    reset: () => setValue(''),
  };
}
