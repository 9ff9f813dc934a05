/**
 * lucide-react's `Icon`, as the build uses it (vite.icons.ts puts it in place of the
 * package's own). The package writes nine presentation attributes on every <svg>
 * (xmlns, size, fill, stroke, stroke width, caps, joins: ~190 bytes); a page carries
 * dozens of icons, and app.css's `.lucide` rule now holds those defaults once
 * (issue 12: lighter pages).
 *
 * A presentation attribute loses to any stylesheet rule, so whatever a caller sets
 * that differs from the defaults goes into `style`, where it still wins. Classes
 * (`size-5`, `fill-current`, `stroke-3`) win over the `.lucide` rule by its layer.
 */
import {
  createElement,
  forwardRef,
  type CSSProperties,
  type ReactNode,
  type SVGProps,
} from "react";

type IconNode = [tag: string, attrs: Record<string, string>][];

interface LeanIconProps extends SVGProps<SVGSVGElement> {
  iconNode: IconNode;
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
}

const DEFAULT_SIZE = 24;
const DEFAULT_STROKE_WIDTH = 2;

function mergeClasses(...classes: (string | undefined)[]) {
  return classes
    .filter((c, i, all): c is string => Boolean(c) && c!.trim() !== "" && all.indexOf(c) === i)
    .join(" ")
    .trim();
}

function hasA11yProp(props: Record<string, unknown>) {
  return Object.keys(props).some((p) => p.startsWith("aria-") || p === "role" || p === "title");
}

const LeanLucideIcon = forwardRef<SVGSVGElement, LeanIconProps>(function LeanLucideIcon(
  {
    color,
    size,
    strokeWidth,
    absoluteStrokeWidth,
    fill,
    stroke,
    className,
    style,
    children,
    iconNode,
    ...rest
  },
  ref,
) {
  const own: CSSProperties = {};
  if (size !== undefined && Number(size) !== DEFAULT_SIZE) own.width = own.height = size;
  const strokeColour = stroke ?? color;
  if (strokeColour !== undefined && strokeColour !== "currentColor") own.stroke = strokeColour;
  if (fill !== undefined && fill !== "none") own.fill = fill;
  if (strokeWidth !== undefined || absoluteStrokeWidth) {
    const width = absoluteStrokeWidth
      ? (Number(strokeWidth ?? DEFAULT_STROKE_WIDTH) * DEFAULT_SIZE) / Number(size ?? DEFAULT_SIZE)
      : Number(strokeWidth);
    if (width !== DEFAULT_STROKE_WIDTH) own.strokeWidth = width;
  }
  const hasOwn = Object.keys(own).length > 0;
  return createElement(
    "svg",
    {
      ref,
      viewBox: "0 0 24 24",
      className: mergeClasses("lucide", className),
      style: hasOwn ? { ...own, ...style } : style,
      ...(!children && !hasA11yProp(rest) && { "aria-hidden": "true" }),
      ...rest,
    },
    ...iconNode.map(([tag, attrs]) => createElement(tag, attrs)),
    ...(Array.isArray(children) ? children : [children]),
  );
});

export default LeanLucideIcon;
