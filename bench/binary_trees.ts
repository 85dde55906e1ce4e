// The Computer Language Benchmarks Game: binary-trees, depth 16 by default.
// Allocation-heavy: many short-lived trees beside one long-lived tree.
// Depth = process.argv[2], default 16.
// quick size: 12
class TreeNode {
  left: TreeNode | null;
  right: TreeNode | null;
  constructor(left: TreeNode | null, right: TreeNode | null) {
    this.left = left;
    this.right = right;
  }
}

function bottomUpTree(depth: number): TreeNode {
  return depth > 0
    ? new TreeNode(bottomUpTree(depth - 1), bottomUpTree(depth - 1))
    : new TreeNode(null, null);
}

function itemCheck(node: TreeNode): number {
  if (node.left === null || node.right === null) return 1;
  return 1 + itemCheck(node.left) + itemCheck(node.right);
}

function main(maxArg: number): void {
  const minDepth = 4;
  const maxDepth = Math.max(minDepth + 2, maxArg);
  const stretchDepth = maxDepth + 1;

  console.log(`stretch tree of depth ${stretchDepth}\t check: ${itemCheck(bottomUpTree(stretchDepth))}`);

  const longLivedTree = bottomUpTree(maxDepth);

  for (let depth = minDepth; depth <= maxDepth; depth += 2) {
    const iterations = 1 << (maxDepth - depth + minDepth);
    let check = 0;
    for (let i = 0; i < iterations; i++) {
      check += itemCheck(bottomUpTree(depth));
    }
    console.log(`${iterations}\t trees of depth ${depth}\t check: ${check}`);
  }

  console.log(`long lived tree of depth ${maxDepth}\t check: ${itemCheck(longLivedTree)}`);
}

main((process.argv.length > 2 ? Number(process.argv[2]) : 16) | 0);
