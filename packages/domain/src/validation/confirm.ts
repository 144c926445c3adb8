/** Confirm dialogs (spec §5): the user types a given word, such as "Stop bidding" or "Blacklist". */
import { z } from 'zod';
import { confirmWordMessage } from './messages';

/**
 * The typed text must be the word exactly (same case); only surrounding spaces are forgiven. An empty or
 * missing value answers the same message, since that is what the dialog asks for.
 */
export const ZConfirmWord = (word: string) =>
  z
    .string({ error: confirmWordMessage(word) })
    .trim()
    .refine((typed) => typed === word.trim(), { error: confirmWordMessage(word) });
export type TConfirmWord = z.infer<ReturnType<typeof ZConfirmWord>>;

export const isConfirmWordTyped = (word: string, typed: string): boolean =>
  ZConfirmWord(word).safeParse(typed).success;
