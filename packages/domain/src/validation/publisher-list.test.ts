import { describe, expect, it } from 'vitest';
import { INVALID_FORMAT_MESSAGE, maxLengthMessage, PUBLISHER_MESSAGE, REQUIRED_MESSAGE } from './messages';
import {
  duplicatePublisherListName,
  PUBLISHER_LIST_NAME_MAX_LENGTH,
  ZPublisherChanges,
  ZPublisherListCreate,
  ZPublisherListUpdate,
  ZPublisherUpload,
} from './publisher-list';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('ZPublisherListCreate', () => {
  it('takes a name, a kind and publishers, normalised', () => {
    expect(
      ZPublisherListCreate.parse({
        name: ' Safe apps ',
        kind: 'allow',
        publishers: ['Example.COM', 'id12345'],
      }),
    ).toEqual({
      name: 'Safe apps',
      kind: 'allow',
      publishers: [
        { publisher: 'example.com', platform: 'web' },
        { publisher: 'id12345', platform: 'app' },
      ],
    });
  });

  it('answers the §5 messages for the name and the publisher message per bad publisher', () => {
    const result = ZPublisherListCreate.safeParse({
      name: '  ',
      kind: 'maybe',
      publishers: ['example.com', 'not one'],
    });
    expect(messages(result)).toEqual([
      ['name', REQUIRED_MESSAGE],
      ['kind', INVALID_FORMAT_MESSAGE],
      ['publishers.1', PUBLISHER_MESSAGE],
    ]);
    expect(
      messages(
        ZPublisherListCreate.safeParse({
          name: 'x'.repeat(PUBLISHER_LIST_NAME_MAX_LENGTH + 1),
          kind: 'block',
        }),
      ),
    ).toEqual([['name', maxLengthMessage(PUBLISHER_LIST_NAME_MAX_LENGTH)]]);
    expect(messages(ZPublisherListCreate.safeParse({ kind: 'block' }))).toEqual([['name', REQUIRED_MESSAGE]]);
  });

  it('refuses unknown fields', () => {
    expect(ZPublisherListCreate.safeParse({ name: 'a', kind: 'allow', state: 'deleted' }).success).toBe(
      false,
    );
  });
});

describe('the other bodies', () => {
  it('needs the version of an update, an upload and a change', () => {
    expect(messages(ZPublisherListUpdate.safeParse({ name: 'b' }))).toEqual([['version', REQUIRED_MESSAGE]]);
    expect(messages(ZPublisherUpload.safeParse({ version: 2 }))).toEqual([['mode', REQUIRED_MESSAGE]]);
    expect(ZPublisherUpload.parse({ version: 2, mode: 'append' })).toEqual({ version: 2, mode: 'append' });
    expect(ZPublisherChanges.parse({ version: 1, add: ['a.com'] })).toEqual({
      version: 1,
      add: [{ publisher: 'a.com', platform: 'web' }],
      remove: [],
    });
  });

  it('names a copy after its source, within the length limit', () => {
    expect(duplicatePublisherListName('Safe')).toBe('Safe (copy)');
    expect(duplicatePublisherListName('x'.repeat(PUBLISHER_LIST_NAME_MAX_LENGTH))).toHaveLength(
      PUBLISHER_LIST_NAME_MAX_LENGTH,
    );
  });
});
