/// <reference types="astro/client" />
// Astro's client types (import.meta.env, assets) without a generated .astro/: a fresh clone is
// type-checked before it builds. And WebMCP's declarative attributes (the WebMCP draft, § Declarative
// API): a form names the tool it exposes and describes it, an input describes its parameter; Astro's
// HTML types predate them.
declare namespace astroHTML.JSX {
  interface FormHTMLAttributes {
    toolname?: string;
    tooldescription?: string;
    toolautosubmit?: boolean | 'true' | 'false';
  }
  interface InputHTMLAttributes {
    toolparamdescription?: string;
  }
}
