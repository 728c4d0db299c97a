// The page's English for the server's reasons is the server's own sentence: the OpenAPI
// document the server writes lists each kind of reason with what it says (`x-messages`),
// and this holds the catalogs to it, so a sentence changed on one side fails here.
import { describe, expect, it } from 'vitest';
import openapi from './openapi.json?raw';
import { reasonMessages, throttledMessages } from './api-errors.messages.ts';

interface ReasonSchema {
  enum: string[];
  'x-messages': Record<string, string>;
}

const schemas = (JSON.parse(openapi) as { components: { schemas: Record<string, ReasonSchema> } }).components
  .schemas;

/** Every code of the named kinds of reason, with the server's sentence for it. */
function serverSays(...kinds: string[]): Record<string, string> {
  const said: Record<string, string> = {};
  for (const kind of kinds) {
    const schema = schemas[kind];
    expect(schema, `the OpenAPI document has no ${kind}`).toBeDefined();
    expect(Object.keys(schema?.['x-messages'] ?? {}).sort(), `${kind} says every code`).toEqual(
      [...(schema?.enum ?? [])].sort(),
    );
    Object.assign(said, schema?.['x-messages']);
  }
  return said;
}

describe("the server's reasons", () => {
  it('are said in English in the words the server uses', () => {
    expect({ ...reasonMessages.en }).toEqual(serverSays('Refused', 'Missing', 'Denied'));
  });

  it("say what each throttle held back in the server's words", () => {
    expect({ ...throttledMessages.en }).toEqual(serverSays('Throttled'));
  });
});
