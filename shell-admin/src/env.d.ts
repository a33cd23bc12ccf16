/// <reference types="@rsbuild/core/types" />

// @arco-design/color ships no types; these are the two functions the theme colour uses.
declare module '@arco-design/color' {
  export function generate(color: string, options: { list: true; dark?: boolean }): string[];
  export function getRgbStr(color: string): string;
}
