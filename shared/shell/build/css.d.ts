// Stylesheets referenced by dynamic import in a build's own modules (arco-provide.ts): no exports to type.
declare module '*.css';
