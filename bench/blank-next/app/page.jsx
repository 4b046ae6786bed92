import Link from "next/link";

export default function Page() {
  return (
    <main>
      <h1>Blank Next.js page</h1>
      <Link href="/about">About</Link>
    </main>
  );
}
