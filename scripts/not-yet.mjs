// Placeholder for commands whose issues have not landed yet: says so plainly and exits 0.
const [name, issue] = process.argv.slice(2);
console.log(`npm run ${name}: 尚未实现（not yet）——将随 issue #${issue} 提供。`);
