#include "app/gui/png_export.h"

#include <QBuffer>
#include <QByteArray>
#include <ostream>
#include <stdexcept>

#include "solver/core/atomic_file.h"

namespace ms::studio {

void writePngFile(const QImage& image, const QString& path) {
  if (image.isNull()) throw std::runtime_error(path.toStdString() + ": nothing to export (empty image)");
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (!image.save(&buffer, "PNG")) throw std::runtime_error(path.toStdString() + ": PNG encoding failed");
  writeFileAtomically(path.toStdString(),
                      [&](std::ostream& out) { out.write(bytes.constData(), bytes.size()); });
}

}  // namespace ms::studio
