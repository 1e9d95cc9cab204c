/** Verbs of doing the task: "I can't find that page" reports a search, not a missing capability. */
const DOING =
  '(?:do|perform|edit|modify|change|update|move|share|publish|restore|revert|create|insert|add|write|delete|remove|access|use|call|help|complete|make|set|look\\s+up|comment|reply)';

/**
 * Phrases with which an answer tells the user the assistant lacks a capability ("I can't do
 * that", "I don't have a tool for …", "… is not available to me"). The design's named risk: a
 * model that never finds a deferred tool says so instead of loading it.
 */
const CLAIMS: readonly RegExp[] = [
  new RegExp(
    `\\bI\\s*(?:can(?:no|['’])t|am\\s+unable\\s+to|['’]m\\s+unable\\s+to|am\\s+not\\s+able\\s+to|['’]m\\s+not\\s+able\\s+to)\\s+(?:\\w+\\s+)?${DOING}\\b`,
    'i',
  ),
  /\bI\s+(?:do\s+not|don['’]t)\s+have\s+(?:a|any|the)?\s*(?:tools?|abilit(?:y|ies)|capabilit(?:y|ies)|access|functions?|way)\b/i,
  /\b(?:not|no\s+longer)\s+available\s+to\s+me\b/i,
  /\bI\s+lack\s+(?:a|the|any)?\s*(?:tools?|abilit(?:y|ies)|capabilit(?:y|ies))\b/i,
  /\b(?:there\s+is\s+no|I\s+have\s+no)\s+tools?\s+(?:to|for|that)\b/i,
];

/** Whether a final answer claims a missing capability. */
export function claimsMissingCapability(answer: string): boolean {
  return CLAIMS.some((claim) => claim.test(answer));
}
