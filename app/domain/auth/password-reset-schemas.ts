/**
 * "Forgot password?": the two forms' schemas, run by the route's action on the server.
 * The new password follows the same rules as account creation and the owner's set-up.
 */
import { z } from "../core/zod";
import { signInSchema, signUpSchema } from "./auth-schemas";

export const requestPasswordResetSchema = z.object({
  intent: z.literal("request"),
  email: signInSchema.shape.email,
});

export const resetPasswordSchema = z
  .object({
    intent: z.literal("reset"),
    token: z.string().min(1, "The reset link is incomplete"),
    password: signUpSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "The passwords do not match",
    path: ["confirmPassword"],
  });
