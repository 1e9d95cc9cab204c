import { ToolError } from '../../ground';
import {
  nodeAtPath,
  type NodePath,
  type ProseMirrorNode,
  findContainerIssues,
} from '../../document';

/**
 * After a block edit, checks the container the edit touched (the node at `containerPath`):
 * what the editor could not hold there is refused before anything is written.
 */
export function assertValidContainer(
  doc: ProseMirrorNode,
  containerPath: NodePath,
  what: string,
): void {
  const container = nodeAtPath(doc, containerPath);
  if (!container) return;
  const label =
    containerPath.length === 0 ? 'doc' : `the enclosing ${container.type}`;
  const issues = findContainerIssues(container, label);
  if (issues.length === 0) return;
  throw new ToolError(
    'invalid_input',
    `${what} does not fit there: ${issues.map((issue) => `${issue.message} (${issue.path})`).join('; ')}. Nothing was written.`,
    {
      issues: issues.map((issue) => ({
        path: issue.path,
        message: issue.message,
      })),
    },
  );
}
