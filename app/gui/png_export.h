#pragma once
// PNG exports go through a temporary file and a rename, like every export of the project.

#include <QImage>
#include <QString>

namespace ms::studio {

// Throws std::runtime_error naming `path` when the image is null or the file cannot be written.
void writePngFile(const QImage& image, const QString& path);

}  // namespace ms::studio
