// A promise the test settles by hand: holds a stand-in's answer until the test has done what must happen meanwhile.
export function gate(): { held: Promise<void>; open: () => void } {
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  return { held, open };
}
