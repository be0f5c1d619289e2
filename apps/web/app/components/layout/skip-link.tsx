/** The first focusable element of every page: jumps past header and menu to the content. */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a className="skip-link" href={`#${targetId}`}>
      Hoppa till innehållet
    </a>
  );
}
