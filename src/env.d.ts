// WebMCP's declarative attributes (the WebMCP draft, § Declarative API): a form names the tool it
// exposes and describes it, an input describes its parameter. Astro's HTML types predate them.
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
