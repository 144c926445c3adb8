import { describe, expect, it } from 'vitest';
import { isConfirmWordTyped, ZConfirmWord } from './confirm';

describe('ZConfirmWord', () => {
  it('accepts the exact word, forgiving surrounding spaces', () => {
    expect(ZConfirmWord('Stop bidding').safeParse('Stop bidding').success).toBe(true);
    expect(ZConfirmWord('Blacklist').safeParse('  Blacklist ').success).toBe(true);
    expect(isConfirmWordTyped('Blacklist', 'Blacklist')).toBe(true);
  });

  it.each(['stop bidding', 'Stop  bidding', 'Stop', '', 'Stop bidding!'])('rejects %j', (typed) => {
    expect(ZConfirmWord('Stop bidding').safeParse(typed).error?.issues[0]?.message).toBe(
      'You should correctly type the word Stop bidding to continue',
    );
  });

  it('answers the same message when nothing was typed', () => {
    expect(ZConfirmWord('Blacklist').safeParse(undefined).error?.issues[0]?.message).toBe(
      'You should correctly type the word Blacklist to continue',
    );
  });
});
