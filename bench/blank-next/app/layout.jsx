// The blank Next.js page that bench/lighthouse.ts scores beside 拾阅's pages in the same run: the framework's
// own cost on this machine, the baseline the issue-22 targets are stated against.
export const metadata = { title: "Blank", description: "A blank Next.js page: one heading, one link." };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
