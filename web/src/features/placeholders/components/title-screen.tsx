/** Screens that later issues fill in render their title only for now. */
export function TitleScreen({ title }: { title: string }) {
  return (
    <section className="title-screen">
      <h1>{title}</h1>
    </section>
  )
}
