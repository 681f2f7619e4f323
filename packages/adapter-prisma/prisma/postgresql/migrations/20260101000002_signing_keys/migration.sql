-- CreateTable
CREATE TABLE "SigningKey" (
    "id" TEXT NOT NULL,
    "generation" INTEGER NOT NULL,
    "algorithm" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "privateKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SigningKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SigningKey_generation_key" ON "SigningKey"("generation");
