import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { Container } from "../ui/container";
import { buttonVariants } from "../ui/button";
import { SectionHeading } from "../section-heading";
import { SmartImage } from "../smart-image";
import type { GalleryPhoto as HomePhoto } from "~/domain/content/photos/gallery-photo";

export type { HomePhoto };

export interface PhotoGalleryProps {
  title: string;
  description: string | null;
  photos: readonly HomePhoto[];
}

/** The featured photos as a masonry of captioned frames, with a way to the full gallery. */
export function PhotoGallery({ title, description, photos }: PhotoGalleryProps) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="home-gallery-title" className="bg-card/40 py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="home-gallery-title"
          eyebrow="Gallery"
          title={title}
          description={description}
        />
        <ul className="columns-1 gap-5 min-[481px]:columns-2 min-[769px]:columns-3">
          {photos.map((photo) => (
            <li key={photo.id} className="mb-5 break-inside-avoid">
              <figure className="photo-tile group">
                <SmartImage
                  src={photo.imageUrl}
                  alt={photo.altText}
                  width={photo.width}
                  height={photo.height}
                  aspectRatio={photo.width && photo.height ? undefined : "4 / 3"}
                  sizes="(min-width: 769px) 360px, (min-width: 481px) 50vw, 100vw"
                  imgClassName="transition-transform duration-700 group-hover:scale-[1.03]"
                />
                <figcaption className="photo-tile-caption">
                  <span className="block font-display text-lg text-foreground">{photo.title}</span>
                  {photo.description && (
                    <span className="mt-1 block text-sm text-foreground/75">
                      {photo.description}
                    </span>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to="/loe" className={buttonVariants({ variant: "outline" })}>
            See the full gallery <ArrowRight aria-hidden />
          </Link>
        </div>
      </Container>
    </section>
  );
}
