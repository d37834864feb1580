// SAML's attribute-based login rule (GROWI's ABLC): the grammar its admin help shows, and what
// must not parse.
import { describe, expect, it } from 'vitest';
import { AblcSyntaxError, parseRule, ruleAllows } from '../../src/server/modules/auth/providers/saml/ablc';

const leaderOfA = { Department: ['A'], Position: ['Leader'] };
const memberOfB = { Department: ['B', 'C'], Position: ['Member'] };
const allows = (rule: string, attrs: Record<string, string[]>) => ruleAllows(parseRule(rule), attrs);

describe('the attribute-based login rule', () => {
  it("follows GROWI's help example", () => {
    const rule = '(Department: A || Department: B) && Position: Leader';
    expect(allows(rule, leaderOfA)).toBe(true);
    expect(allows(rule, memberOfB)).toBe(false);
    expect(allows(rule, { Department: ['B'], Position: ['Leader'] })).toBe(true);
    expect(allows(rule, {})).toBe(false);
  });

  it('knows AND, OR, NOT in words and signs, bare fields and quoted values', () => {
    expect(allows('Department:C OR Position:Leader', memberOfB)).toBe(true);
    expect(allows('Department:B AND NOT Position:Member', memberOfB)).toBe(false);
    expect(allows('Department:B NOT Position:Leader', memberOfB)).toBe(true);
    expect(allows('!Department:A', memberOfB)).toBe(true);
    expect(allows('Position', memberOfB)).toBe(true);
    expect(allows('Team', memberOfB)).toBe(false);
    expect(allows('Title:"Head of Sales"', { Title: ['Head of Sales'] })).toBe(true);
    expect(allows('Title:"Head of Sales"', { Title: ['Head'] })).toBe(false);
  });

  it('refuses what is not a rule, saying why and where', () => {
    const why = (bad: string) => {
      try {
        parseRule(bad);
      } catch (err) {
        if (err instanceof AblcSyntaxError) return [err.reason, err.near];
      }
      return null;
    };
    expect(why('')).toEqual(['empty', null]);
    expect(why('(Department: A')).toEqual(['missing_close', null]);
    expect(why('(Department: A B')).toEqual(['missing_close', 'B']);
    expect(why('Department: A)')).toEqual(['unexpected', ')']);
    expect(why('Department:')).toEqual(['missing_term', null]);
    expect(why('&& A')).toEqual(['missing_term', '&&']);
    expect(why('A ||')).toEqual(['missing_term', null]);
    expect(why('A:"x')).toEqual(['unexpected', '"x']);
  });
});
