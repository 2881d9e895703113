/** Finds the module-SQL violations under `root` (a repository, or a test fixture shaped like one). */
export function checkModuleSql(root: string): string[];
